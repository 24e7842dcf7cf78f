import type { GetServerSidePropsContext } from 'next';
import { useRouter } from 'next/router';

export async function getServerSideProps(context: GetServerSidePropsContext) {
  const from = context.query.from;
  if (typeof from === 'string' && from.length > 0) {
    // ruleid: OPEN_REDIRECT
    return { redirect: { destination: from, permanent: false } };
  }
  // ok: OPEN_REDIRECT
  return { redirect: { destination: '/home', permanent: false } };
}

export default function Welcome() {
  const router = useRouter();
  const banner = router.query.banner as string;
  // ruleid: XSS
  return <section dangerouslySetInnerHTML={{ __html: banner }} />;
}
