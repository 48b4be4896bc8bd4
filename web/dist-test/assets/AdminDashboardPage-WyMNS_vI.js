import{j as a}from"./index-9pDt-CHW.js";import{P as r}from"./PageShell-DG4e1lw2.js";function e(){return a.jsx(r,{title:"Admin Dashboard",heading:"Admin Dashboard"})}export{e as default};
