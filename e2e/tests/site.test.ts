// The browser suite: one stack and one browser (support/site.ts) for every journey file.
import { after, before } from 'node:test';
import { startSite, stopSite } from '../support/site.ts';
import './routes.ts';
import './journeys.ts';
import './payments.ts';
import './signins.ts';
import './first-screen.ts';
import './catalogue.ts';
import './items.ts';
import './trip-ups.ts';
import './market.ts';
import './landing-pages.ts';
import './csp.ts';
// Before the release journeys: the checkout served is the build in place.
import './payment-inventory.ts';
// Last: it changes which checkout release is live, and puts it back.
import './releases.ts';
// After it (its history is the registry's whole): marketing's release, and back.
import './field-data.ts';
// Refused or harmless actions only: the registry is left as it was.
import './release-roles.ts';
// After them: it publishes and previews checkout releases (their history entries).
import './integrity.ts';
// Last: the console's journeys; marketing is left as they found it.
import './console.ts';
// After them: a marketing canary the judge rolls back; marketing is left as it was found.
import './judge.ts';

before(startSite);
after(stopSite);
