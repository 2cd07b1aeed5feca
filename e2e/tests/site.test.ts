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
// Last: it changes which checkout release is live, and puts it back.
import './releases.ts';

before(startSite);
after(stopSite);
