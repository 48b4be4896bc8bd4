import{j as e}from"./index-9pDt-CHW.js";import{P as r}from"./PageShell-DG4e1lw2.js";function s(){return e.jsx(r,{title:"Nurse Help Me",heading:"Nurse Help Me"})}export{s as default};
