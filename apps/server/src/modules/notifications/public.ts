/** What the app and other modules may use of the notifications module: the notifier (mail and SMS) and the SMS sender. */
export { Notifier } from '../../core/notifier';
export { createSmsSender } from './sms';
