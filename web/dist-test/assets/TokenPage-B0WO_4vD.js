import{j as e}from"./index-9pDt-CHW.js";import{P as o}from"./PageShell-DG4e1lw2.js";function r(){return e.jsx(o,{title:"HAIC Token",heading:"HAIC Token"})}export{r as default};
