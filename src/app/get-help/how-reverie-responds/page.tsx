import { ProtocolScreen } from "@/features/get-help/protocol-screen";
import { PROTOCOL_TITLE } from "@/domain/crisis/support-content";

export const metadata = { title: PROTOCOL_TITLE };

export default function Page() {
  return <ProtocolScreen />;
}
