// Public surface of the messages module (docs/architecture.md): the only file other modules import.
export { messagesModule } from './messages.routes';
/** `send(userId, title, content, tx?)`: any area writes a notice to a user's message centre. */
export { createMessagesService, type MessagesService } from './messages.service';
