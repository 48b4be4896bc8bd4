import{j as e}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function s(){return e.jsx(t,{title:"News Management",heading:"News Management"})}export{s as default};
