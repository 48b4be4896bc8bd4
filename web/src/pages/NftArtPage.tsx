import { NftArtContent } from '../features/marketing';

export default function NftArtPage() {
  return <NftArtContent />;
}
