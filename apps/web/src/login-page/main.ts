// The login page's entry (login.html): its styles, then the form's behaviour.
import './login-page.css';
import { startLoginPage } from './login-page';

startLoginPage(document, (url) => location.assign(url));
