import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
// The kit's stylesheet, for every page: it styles the form before (and without) JavaScript
// and holds each element's place, so nothing moves when the elements upgrade.
import 'hub-kit/hub-kit.css';

export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
