<?php
// Storefront pages: redirects.

use Illuminate\Http\Request;

$next = $_GET['next'] ?? '/';
// ruleid: OPEN_REDIRECT
header('Location: ' . $next);
// ok: OPEN_REDIRECT
header('Location: /account?from=' . rawurlencode($next));
// ok: OPEN_REDIRECT
header('Location: orders.php?id=' . $_GET['id']);
// ok: OPEN_REDIRECT
header("Location: /orders/{$_GET['id']}");
// ruleid: OPEN_REDIRECT
header('Location: /' . $_GET['path']);
// ruleid: OPEN_REDIRECT
header("Location: {$_GET['next']}/done");

class CheckoutController
{
    public function done(Request $request)
    {
        // ruleid: OPEN_REDIRECT
        return redirect($request->input('return_to'));
    }

    public function resume(Request $request)
    {
        $token = $request->input('token');
        // ok: OPEN_REDIRECT
        return redirect("/checkout/resume/{$token}");
    }

    public function back(Request $request)
    {
        $base = url('/');
        $target = $request->input('_return') ?? $base;
        if (!str_starts_with($target, $base . '/')) {
            return redirect($base);
        }
        // ok: OPEN_REDIRECT
        return redirect($target);
    }

    public function external(Request $request)
    {
        $target = $request->input('next');
        if (str_starts_with($target, 'https://')) {
            // ruleid: OPEN_REDIRECT
            return redirect($target);
        }
        return redirect('/');
    }

    public function next(Request $request)
    {
        // ruleid: OPEN_REDIRECT
        return redirect(collect([$request->input('next'), '/'])->first());
    }

    public function show(Request $request)
    {
        $order = $this->orders->findForCustomer($request->input('order'));
        // ok: OPEN_REDIRECT
        return redirect($order->url);
    }
}

// The HTTPS upgrade keeps the Host the browser asked for and the requested URI.
function force_https()
{
    if (empty($_SERVER['HTTPS'])) {
        // ok: OPEN_REDIRECT
        header('Location: https://' . $_SERVER['HTTP_HOST'] . $_SERVER['REQUEST_URI'], true, 301);
        // ok: OPEN_REDIRECT
        header("Location: https://{$_SERVER['HTTP_HOST']}{$_SERVER['REQUEST_URI']}");
        // ruleid: OPEN_REDIRECT
        header('Location: https://' . $_SERVER['HTTP_HOST'] . $_GET['next']);
        // ruleid: OPEN_REDIRECT
        header("Location: https://{$_SERVER['HTTP_HOST']}{$_GET['next']}");
        exit;
    }
}

// A configured base, then a literal path segment: the request's part only fills the path, with or without a base.
function boardDialog()
{
    // ok: OPEN_REDIRECT
    return redirect(BASE_URL . '/blueprints/' . request()->input('slug'));
}

function boardJump()
{
    // ruleid: OPEN_REDIRECT
    return redirect(BASE_URL . '/' . request()->input('slug'));
}

// A meta refresh is a redirect too: the page tells the browser where to go next.
function forwardToPartner(): void
{
    $forward = $_REQUEST['forwardurl'] ?? '';
    // ruleid: OPEN_REDIRECT, XSS
    echo '<meta http-equiv="refresh" content="0;url=' . $forward . '">';
    // ruleid: OPEN_REDIRECT, XSS
    echo "<meta http-equiv=\"refresh\" content=\"3; url=$forward\">";
    // ok: OPEN_REDIRECT
    echo '<meta http-equiv="refresh" content="0;url=/partners.php?next=' . urlencode($forward) . '">';
    // ok: OPEN_REDIRECT
    echo '<meta http-equiv="refresh" content="30"><p>Forwarding to ' . htmlspecialchars($forward) . '</p>';
}
