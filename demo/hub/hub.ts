import '../../components/script-tag/hub-kit.js';
import { sharedClient } from '../../src/api/registry.js';
import { showHubPage } from './hub-page.js';

void showHubPage(document.getElementById('hub')!, location, { client: sharedClient(location.origin), tenant: 'demo' }).catch(() => {
  // The page already says what went wrong.
});
