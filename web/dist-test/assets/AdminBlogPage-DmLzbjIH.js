import{j as e}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function o(){return e.jsx(t,{title:"Blog Management",heading:"Blog Management"})}export{o as default};
