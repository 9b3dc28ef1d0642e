import { UploadScreen } from '../components/UploadScreen';
import { PersonasUploadStoreToken } from '../stores/UploadStore';

/** UPL-001 / A-30: {client}/{region}/upload/personas_upload/admin (Explore/Widgets). */
export default function PersonasUploadPage() {
  return <UploadScreen token={PersonasUploadStoreToken} titleKey="personas.title" />;
}
