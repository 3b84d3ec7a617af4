// Loaded first by the CSP test pages: keeps every Content-Security-Policy violation of the
// page for the test to read. A classic script from the page's own origin, so the policy
// under test allows it.
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push({
    directive: event.effectiveDirective || event.violatedDirective,
    blocked: event.blockedURI,
    sample: event.sample,
    source: event.sourceFile + ':' + event.lineNumber,
  });
});

// And every uncaught error, such as a module that failed to start.
window.pageErrors = [];
window.addEventListener('error', (event) => {
  window.pageErrors.push(String(event.error ? `${event.error.name}: ${event.error.message}` : event.message));
});
