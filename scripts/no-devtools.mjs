// Stands in for react-devtools-core in the bundled TUI (Ink imports it only with DEV=true).
export default { initialize() {}, connectToDevTools() {} };
