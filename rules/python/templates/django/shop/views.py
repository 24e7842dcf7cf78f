from django.shortcuts import render
from django.template import loader
from django.template.loader import render_to_string
from django.http import HttpResponse
from django.utils.html import escape

from .models import Review


def review_list(request):
    reviews = Review.objects.filter(product=request.GET.get("product"))
    note = request.GET.get("note", "")
    context = {"reviews": reviews, "note": note, "heading": "Reviews"}
    return render(request, "shop/reviews.html", context)


def review_preview(request):
    comments = request.POST.getlist("comments")
    html = render_to_string("shop/preview.html", {"comments": comments, "plain": escape(request.POST["plain"])})
    return HttpResponse(html)


def review_reply(request):
    reply = request.POST.get("reply", "")
    return render(request, "shop/reply.html", context={"reply": reply, "count": 1})


def review_quote(request):
    # Django's template loader: get the template, then render it with a context (the result is escaped HTML).
    template = loader.get_template("shop/testimonial.html")
    context = {"text": request.POST.get("text", ""), "author": request.POST.get("author", "")}
    # ok: XSS
    return HttpResponse(template.render(context, request))


def review_signature(request):
    signature = request.GET.get("signature", "")
    # ok: XSS
    return HttpResponse(loader.get_template("shop/signature.html").render({"signature": signature}, request))
