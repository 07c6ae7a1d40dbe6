import { useState } from 'react';
import { config } from '../api';
import { getSession } from '../session';
import { Card, CopyBlock, Page } from '../ui';

export function Setup() {
  const session = getSession();
  const [shown, setShown] = useState(false);
  const key = session?.key ?? '';
  const masked = key ? `${key.slice(0, 8)}${'•'.repeat(12)}${key.slice(-4)}` : '';
  const api = config.apiUrl;
  const platform = config.platformUrl;
  const request = `curl -X POST ${api}/api/v1/ad \\
  -H "Authorization: Bearer $ORBIT_PUBLISHER_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "sessionId": "chat-session-123",
    "messages": [{ "role": "user", "content": "Which running shoes for a first marathon?" }],
    "placements": [{ "placement": "below_response", "placement_id": "Chat-Below" }]
  }'`;
  const server = `// Your backend (Node): ask Orbit for ads and forward feedback, keeping the key server-side.
app.post('/api/ads', async (req, res) => {
  const r = await fetch('${api}/api/v1/ad', {
    method: 'POST',
    headers: { authorization: \`Bearer \${process.env.ORBIT_PUBLISHER_KEY}\`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...req.body, device: { ip: req.ip, ua: req.get('user-agent') } }),
  });
  res.status(r.status).send(r.status === 204 ? '' : await r.text());
});
app.post('/api/ad-feedback', async (req, res) => {
  const r = await fetch('${platform}/ad-feedback', {
    method: 'POST',
    headers: { 'x-api-key': process.env.ORBIT_PUBLISHER_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(req.body),
  });
  res.status(r.status).send(await r.text());
});`;
  const react = `import { Ad, useAd } from '@orbit-ads/react';

function SponsoredAnswer({ messages, sessionId }) {
  const { ad } = useAd('/api/ads', { messages, sessionId, placement: 'below_response', placementId: 'Chat-Below' });
  return (
    <Ad
      ad={ad}
      variant="card"            // card | inline | minimal | text
      sessionId={sessionId}
      feedbackUrl="/api/ad-feedback"
      onImpression={(ad) => console.log('seen', ad.campaignId)}
      onClick={(ad) => console.log('clicked', ad.campaignId)}
    />
  );
}`;
  const embed = `<div data-orbit-slot
     data-orbit-endpoint="/api/ads"
     data-orbit-placement="below_response"
     data-orbit-placement-id="Chat-Below"
     data-orbit-context="What the page or conversation is about"
     data-orbit-feedback-url="/api/ad-feedback"></div>
<script src="${config.embedUrl}" async></script>`;
  const proxy = `# nginx: serve tracking from your own domain (spec 1 proxy rules)
location ~ ^/(track/imp|track/click|ack)$ {
  proxy_pass ${api};
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header User-Agent $http_user_agent;
  proxy_redirect off;          # pass the click's 302 through, do not follow it
  proxy_buffering off;
  add_header Cache-Control "no-store" always;   # never cache: every hit must reach Orbit
}
# Then rewrite only the origin of impUrl and clickUrl in each ad before sending it to the browser;
# keep the p= token intact.`;
  return (
    <Page title="API key & snippets" subtitle="Everything needed to show ads in your app">
      <Card title="Your publisher key">
        <div className="keyrow">
          <code className="key" data-testid="api-key">
            {shown ? key : masked}
          </code>
          <button type="button" className="btn btn-small" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide' : 'Reveal'}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(key)}>
            Copy
          </button>
        </div>
        <p className="muted small">
          Use it on your server only. Browsers get ads through your backend (below), never with this key.
        </p>
      </Card>
      <>
        <Card title="1. Request an ad">
          <CopyBlock label="curl" code={request} />
        </Card>
        <Card title="2. Your backend endpoints">
          <CopyBlock label="Node / Express" code={server} />
        </Card>
        <Card title="3. Render with React">
          <CopyBlock label="React" code={react} />
        </Card>
        <Card title="…or without React">
          <CopyBlock label="HTML" code={embed} />
        </Card>
      </>
      <Card title="Tracking proxy (optional)">
        <CopyBlock label="nginx" code={proxy} />
      </Card>
    </Page>
  );
}
