import { PageShell } from '../ui/PageShell';

export default function NftArtPage() {
  return <PageShell title="NFT Art" heading="NFT Art" />;
}
