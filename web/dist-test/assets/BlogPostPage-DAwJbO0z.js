import{j as o}from"./index-9pDt-CHW.js";import{P as t}from"./PageShell-DG4e1lw2.js";function s(){return o.jsx(t,{title:"Blog",heading:"Blog post"})}export{s as default};
