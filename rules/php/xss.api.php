<?php
// The handlers of one API file: each declares its own response type.
class ReaderApi
{
    public static function clientLogin(string $email): never
    {
        header('Content-Type: text/plain; charset=UTF-8');
        // ok: XSS
        echo 'SID=', $email, "\n", 'Auth=', $email, "\n";
        exit();
    }

    public static function status(string $name): never
    {
        header('Content-Type: application/json; charset=UTF-8');
        // ok: XSS
        echo '{"name": "' . $name . '"}';
        exit();
    }

    public static function feed(string $name): never
    {
        // An XML document can carry XHTML script: still markup.
        header('Content-Type: application/xml; charset=UTF-8');
        // ruleid: XSS
        echo '<feed><title>' . $name . '</title></feed>';
        exit();
    }

    public static function page(string $name): void
    {
        // ruleid: XSS
        echo '<h1>' . $name . '</h1>';
    }
}

ReaderApi::clientLogin($_POST['Email'] ?? '');
ReaderApi::status($_GET['name'] ?? '');
ReaderApi::feed($_GET['name'] ?? '');
ReaderApi::page($_GET['name'] ?? '');
