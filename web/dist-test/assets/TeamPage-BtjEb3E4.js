import{j as e}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function r(){return e.jsx(t,{title:"Meet the Team",heading:"Meet the Team"})}export{r as default};
