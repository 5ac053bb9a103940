/** Installs the early request check on node:http's createServer (a side effect only). */
export {};
