import { UploadScreen } from '../components/UploadScreen';
import { SurveysUploadStoreToken } from '../stores/UploadStore';

/** UPL-001: {client}/{region}/upload/surveys_upload/admin. */
export default function SurveysUploadPage() {
  return <UploadScreen token={SurveysUploadStoreToken} titleKey="surveys.title" />;
}
