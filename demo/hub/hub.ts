import '../../components/all.js';
import { clientFor } from '../../components/shared/client.js';
import { showHubPage } from './hub-page.js';

void showHubPage(document.getElementById('hub')!, location, { client: clientFor(), tenant: 'demo' }).catch(() => {
  // The page already says what went wrong.
});
