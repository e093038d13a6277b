/**
 * The chat TUI as one file: `npm run build` bundles this entry with Ink and React into
 * dist/doors/chat/tui/chat-tui.bundle.js (scripts/bundle-tui.mjs), which `gardener chat` loads when present.
 * Ink's module graph takes ~270 ms to load file by file (112 ms of it a utility library Ink
 * imports whole for one function); bundled and tree-shaken it loads in ~80 ms.
 */
export { runChatTui } from './run-chat.js';
// For benchmarks/tui-render.ts, which paints the bundled app once in a fresh process.
export { render } from 'ink';
export { createElement } from 'react';
export { ChatApp } from './components/chat-app.js';
export { createApprovalBridge } from './approval-bridge.js';
