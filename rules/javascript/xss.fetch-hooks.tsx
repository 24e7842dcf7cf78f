import { useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';

const getJson = (url: string) => fetch(url).then((r) => r.json());

// A record fetched from the application's own API by the id in the URL: the server's answer (its stored,
// server-rendered HTML) is on the page, not the id. The id chose which record, as it would for a findOne.
export function QuestionBody() {
  const { qid = '' } = useParams();
  const { data } = useSWR(`/api/v1/question/info?id=${qid}`, getJson);
  // ok: XSS
  return <div className="content" dangerouslySetInnerHTML={{ __html: data?.question.html }} />;
}

export function TagInfo() {
  const { name = '' } = useParams();
  const url = `/api/v1/tag?name=${name}`;
  const { data } = useSWR(url, getJson);
  // ok: XSS
  return <div className="fmt" dangerouslySetInnerHTML={{ __html: data?.parsed_text }} />;
}

// SWR's conditional key: no request until the id is there, then the same path of the application's own API.
export function WorkspaceBanner() {
  const { slug } = useParams();
  const { data } = useSWR(slug && `/api/workspaces/${slug}`, getJson);
  const { data: billing } = useSWR(slug ? `/api/workspaces/${slug}/billing` : null, getJson);
  return (
    <>
      {/* ok: XSS */}
      <div className="banner" dangerouslySetInnerHTML={{ __html: data?.bannerHtml }} />
      {/* ok: XSS */}
      <div className="billing" dangerouslySetInnerHTML={{ __html: billing?.noticeHtml }} />
    </>
  );
}

// A conditional key whose URL the page's address gives whole chooses the server.
export function ConditionalEmbed() {
  const [params] = useSearchParams();
  const src = params.get('src');
  const { data } = useSWR(src && src, (u: string) => fetch(u).then((r) => r.text()));
  // ruleid: XSS
  return <div dangerouslySetInnerHTML={{ __html: data }} />;
}

// A URL the page's own address chooses whole: whoever wrote the link chose the server, and so what it answers.
export function Embed() {
  const [params] = useSearchParams();
  const { data } = useSWR(params.get('src'), (u: string) => fetch(u).then((r) => r.text()));
  // ruleid: XSS
  return <div dangerouslySetInnerHTML={{ __html: data }} />;
}

// The value itself, not an answer to it, still is the page's text.
export function Preview() {
  const { qid = '' } = useParams();
  const { data } = useSWR(`/api/v1/question/info?id=${qid}`, getJson);
  // ruleid: XSS
  return <div title={data?.title} dangerouslySetInnerHTML={{ __html: `<b>${qid}</b>` }} />;
}
