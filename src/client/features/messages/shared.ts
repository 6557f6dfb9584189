// What the messages feature offers the other features: the conversation box and its query key.
export { messagesKey } from './api/get-messages.ts';
export { MessageBox } from './message-box.tsx';
