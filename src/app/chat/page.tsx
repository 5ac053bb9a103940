import { ChatScreen } from "@/features/chat/chat-screen";

export const metadata = { title: "Just Chatting" };

export default function Page() {
  return <ChatScreen />;
}
