import { recordFunnelSteps } from '@hypertek/shared/testing';

import { renderPage } from '../../../test/render-page';
import AboutPage from '../../about/about-page';
import FunnelPage from '../funnel-page';

const stepsSent = recordFunnelSteps();

describe("the funnel page's step", () => {
  it('is funnel-viewed when /funnel-page is shown, once per page load', async () => {
    const first = renderPage(<FunnelPage />, '/funnel-page');
    first.unmount();
    renderPage(<FunnelPage />, '/funnel-page');
    expect(await stepsSent()).toEqual(['funnel-viewed']);
  });

  it('is not sent by another page', async () => {
    renderPage(<AboutPage />, '/about');
    expect(await stepsSent()).toEqual([]);
  });
});
