import { UploadScreen } from '../components/UploadScreen';
import { JourneysUploadStoreToken } from '../stores/UploadStore';

/** UPL-001: {client}/{region}/upload/journeys_upload/admin. */
export default function JourneysUploadPage() {
  return <UploadScreen token={JourneysUploadStoreToken} titleKey="journeys.title" />;
}
