<?php

namespace App\EventListener;

use Psr\Log\LoggerInterface;
use Symfony\Component\EventDispatcher\Attribute\AsEventListener;
use Symfony\Component\HttpFoundation\RequestStack;
use Symfony\Component\Security\Http\Event\LoginFailureEvent;

// The app requires symfony/monolog-bundle: its PSR-3 logger is Monolog's, whose LineFormatter writes a line break of
// the message as a space (and the JSON formatter escapes it).
#[AsEventListener(event: LoginFailureEvent::class)]
class SignInFailureListener
{
    public function __construct(private LoggerInterface $logger, private RequestStack $requests)
    {
    }

    public function __invoke(LoginFailureEvent $event): void
    {
        $request = $event->getRequest();
        // ok: LOG_INJECTION
        $this->logger->error('Sign-in failed for "' . $request->request->get('_username') . '" from ' . $request->getClientIp());
        // ok: LOG_INJECTION
        $this->logger->info(sprintf('sign-in page asked with %s', $request->query->get('next')));
    }
}
