import{j as t}from"./index-9pDt-CHW.js";import{P as e}from"./PageShell-DG4e1lw2.js";function o(){return t.jsx(e,{title:"Edit Profile",heading:"Edit Profile"})}export{o as default};
