// RapiDoc ships no types: importing it defines the <rapi-doc> element (RapiDocElement below).
declare module 'rapidoc';
