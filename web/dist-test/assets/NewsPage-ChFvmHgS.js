import{j as e}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function a(){return e.jsx(t,{title:"News",heading:"News"})}export{a as default};
