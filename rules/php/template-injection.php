<?php
// Greeting cards: the visitor picks a design and writes a message.

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Blade;
use Twig\Environment;
use Twig\Loader\ArrayLoader;
use Twig\Loader\FilesystemLoader;

$message = $_GET['message'] ?? '';

// Twig 1: the string loader takes the name given to render() as the template.
$legacy = new Twig_Environment(new Twig_Loader_String());
// ruleid: TEMPLATE_INJECTION, XSS
echo $legacy->render($message);

$cards = new \Twig\Environment(new FilesystemLoader(__DIR__ . '/cards'));
// ruleid: TEMPLATE_INJECTION
$card = $cards->createTemplate('<h1>Hello</h1>' . $message);
// ok: TEMPLATE_INJECTION
$card = $cards->createTemplate('<h1>Hello {{ name }}</h1>');
// ok: TEMPLATE_INJECTION, XSS
echo $cards->render('card.twig', ['message' => $message]);

class CardController
{
    public function __construct(private Environment $twig)
    {
    }

    public function preview(Request $request)
    {
        // ruleid: TEMPLATE_INJECTION
        $loader = new ArrayLoader(['card' => $request->input('design')]);
        $env = new Environment($loader);
        return $env->render('card', []);
    }

    public function custom(Request $request)
    {
        // ruleid: TEMPLATE_INJECTION
        return $this->twig->createTemplate($request->input('design'))->render([]);
    }

    public function fixed(Request $request)
    {
        // ok: TEMPLATE_INJECTION
        return $this->twig->render('cards/' . basename($request->input('design')) . '.twig', ['to' => $request->input('to')]);
    }

    public function blade(Request $request)
    {
        // ruleid: TEMPLATE_INJECTION
        return Blade::render($request->input('design'), ['to' => 'you']);
    }

    public function bladeFixed(Request $request)
    {
        // ok: TEMPLATE_INJECTION
        return Blade::render('<p>Dear {{ $to }}</p>', ['to' => $request->input('to')]);
    }
}

$smarty = new Smarty();
// ruleid: TEMPLATE_INJECTION
$smarty->display('string:' . $message);
// ok: TEMPLATE_INJECTION
$smarty->display('cards/birthday.tpl');
