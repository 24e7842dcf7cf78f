<?php

namespace App\Controller;

use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Annotation\Route;

class BlogController extends AbstractController
{
    #[Route('/blog/search')]
    public function search(Request $request): Response
    {
        $q = $request->query->get('q');
        return $this->render('blog/search.html.twig', ['query' => $q, 'hits' => 3]);
    }
}
