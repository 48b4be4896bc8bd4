import{j as t}from"./index-9pDt-CHW.js";import{P as o}from"./PageShell-DG4e1lw2.js";function r(){return t.jsx(o,{title:"About HAIC",heading:"About HAIC"})}export{r as default};
