import{j as t}from"./index-9pDt-CHW.js";import{P as a}from"./PageShell-DG4e1lw2.js";function n(){return t.jsx(a,{title:"Contact",heading:"Contact Us"})}export{n as default};
