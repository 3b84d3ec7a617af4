// The kit's stylesheet, for every page: it styles the form before (and without) JavaScript
// and holds each element's place, so nothing moves when the elements upgrade.
import 'hub-kit/hub-kit.css';

export const metadata = { title: 'My newsletter' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
