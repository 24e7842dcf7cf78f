<?php

namespace App\Controller;

use App\Repository\NoteRepository;
use App\Service\NoteFiles;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\HttpFoundation\RedirectResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Attribute\Route;
use Symfony\Component\Routing\Generator\UrlGeneratorInterface;

class NoteController extends AbstractController
{
    public function __construct(private NoteFiles $files, private NoteRepository $notes)
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
        // ok: OPEN_REDIRECT
        $this->redirect($this->generateUrl($request->attributes->get('_route'), ['page' => $request->query->get('page')]));
        // ok: OPEN_REDIRECT
        new RedirectResponse($this->router->generate($request->get('route'), ['q' => $request->get('q')]));
        // ok: OPEN_REDIRECT
        $this->redirect($this->urlGenerator->generate('note_index', ['next' => $request->get('next')], UrlGeneratorInterface::ABSOLUTE_URL));
        // ruleid: OPEN_REDIRECT
        $this->redirect($this->codes->generate($request->get('next')));
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

    #[Route('/notes/attachments', name: 'note_attach', methods: ['POST'])]
    public function attach(Request $request): Response
    {
        $file = $request->files->get('attachment');
        // ruleid: UNSAFE_FILE_UPLOAD
        $file->move('/var/www/public/attachments', $file->getClientOriginalName());
        // ruleid: UNSAFE_FILE_UPLOAD
        $file->move('/var/www/public/attachments', bin2hex(random_bytes(8)) . '.' . $file->getClientOriginalExtension());
        // ok: UNSAFE_FILE_UPLOAD
        $file->move('/var/www/public/attachments', bin2hex(random_bytes(8)) . '.' . $file->guessExtension());
        return new Response('', 204);
    }

    #[Route('/notes/{id}/meta', name: 'note_meta', methods: ['PUT'])]
    public function meta(Request $request, int $id): Response
    {
        $note = $this->notes->find($id);
        // ruleid: MASS_ASSIGNMENT
        $note->fill($request->toArray());
        // ruleid: MASS_ASSIGNMENT
        $note->fill($request->getPayload()->all());
        // ok: MASS_ASSIGNMENT
        $note->fill(['title' => $request->toArray()['title'] ?? '']);
        return new Response('', 204);
    }
}
