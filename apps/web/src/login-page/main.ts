// The login page's entry (login.html): its styles, the form's behaviour, the cookie choices.
import './login-page.css';
import { startConsent } from './consent';
import { startLoginPage } from './login-page';

startLoginPage(document, (url) => location.assign(url));
startConsent(document);
