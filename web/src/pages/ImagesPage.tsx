import { Placeholder } from '../features/marketing';

export default function ImagesPage() {
  return <Placeholder title="Images" icon="image" text="Images from the HAIC community will appear here soon." />;
}
