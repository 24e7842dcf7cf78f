<?php

namespace App\Controller;

use App\Service\NoteFiles;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\HttpFoundation\RedirectResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Attribute\Route;

class NoteController extends AbstractController
{
    public function __construct(private NoteFiles $files)
    {
    }

    #[Route('/notes', name: 'note_index')]
    public function index(Request $request): Response
    {
        $q = $request->query->get('q', '');
        // ruleid: XSS
        $html = new Response('<h1>Notes about ' . $q . '</h1>');
        // ok: XSS
        new Response('<h1>Notes about ' . htmlspecialchars($q, ENT_QUOTES) . '</h1>');
        // ok: XSS
        new Response($q, 200, ['Content-Type' => 'text/plain']);
        // ok: XSS
        return $this->render('note/index.html.twig', ['q' => $q]);
    }

    #[Route('/notes/back', name: 'note_back')]
    public function back(Request $request): Response
    {
        // ruleid: OPEN_REDIRECT
        new RedirectResponse($request->get('target'));
        // ok: OPEN_REDIRECT
        $this->redirectToRoute('note_index');
        // ruleid: OPEN_REDIRECT
        return $this->redirect($request->headers->get('referer'));
    }

    #[Route('/notes/files/{name}', name: 'note_file')]
    public function file(Request $request): Response
    {
        $name = $request->attributes->get('name');
        // ruleid: PATH_TRAVERSAL
        new BinaryFileResponse($this->files->pathOf($name));
        // ok: PATH_TRAVERSAL
        new BinaryFileResponse($this->files->pathOf(basename($name)));
        // ruleid: PATH_TRAVERSAL
        return $this->file('/var/notes/' . $request->request->get('path'));
    }

    #[Route('/notes/import', name: 'note_import', methods: ['POST'])]
    public function import(Request $request): Response
    {
        $data = $request->toArray();
        $this->files->save($data['name'], $request->getContent());
        $response = new Response('', 204);
        // ruleid: HEADER_INJECTION
        $response->headers->set('Content-Disposition', 'attachment; filename="' . $request->cookies->get('export_name') . '"');
        // ok: HEADER_INJECTION
        $response->headers->set('X-Note-Host', $request->getHost());
        return $response;
    }
}
