import{j as t}from"./index-9pDt-CHW.js";import{P as r}from"./PageShell-DG4e1lw2.js";function o(){return t.jsx(r,{title:"NFT Art",heading:"NFT Art"})}export{o as default};
