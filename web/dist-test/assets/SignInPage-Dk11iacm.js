import{j as n}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function r(){return n.jsx(t,{title:"Sign In",heading:"Sign In"})}export{r as default};
