import{j as i}from"./index-9pDt-CHW.js";import{P as n}from"./PageShell-DG4e1lw2.js";function e(){return i.jsx(n,{title:"Admin Login",heading:"Admin Login"})}export{e as default};
