import{j as e}from"./index-9pDt-CHW.js";import{P as i}from"./PageShell-DG4e1lw2.js";function t(){return e.jsx(i,{title:"Disclaimer",heading:"Disclaimer"})}export{t as default};
