import{j as e}from"./index-9pDt-CHW.js";import{P as r}from"./PageShell-DG4e1lw2.js";function i(){return e.jsx(r,{title:"My Profile",heading:"My Profile"})}export{i as default};
