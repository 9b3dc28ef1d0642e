import { UploadScreen } from '../components/UploadScreen';
import { MekkosUploadStoreToken } from '../stores/UploadStore';

/** UPL-001: {client}/{region}/upload/mekkos_upload/admin. */
export default function MekkosUploadPage() {
  return <UploadScreen token={MekkosUploadStoreToken} titleKey="mekkos.title" />;
}
