// Standalone page of this remote (for the team that owns it). In the site, the host loads the
// exposed pages through Module Federation instead, and this file is not used.
void import('./app/standalone');
