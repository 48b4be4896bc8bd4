import{j as e}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function p(){return e.jsx(t,{title:"Whitepaper",heading:"Whitepaper"})}export{p as default};
