export default function GrowPage() {
  return null;
}
