import { DetailPage } from './components/detail-page';

/** /buy-nfa: an NFA's detail page. */
export default function BuyNfaPage() {
  return <DetailPage kind="nfa" />;
}
