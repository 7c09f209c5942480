// Lekce hry Triangular, česky: the words of each lesson of the game's kit
// (crates/triangular/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Položení kamene',
      steps: [
        {
          text: 'Červený kámen leží na poli 0,0 neomezeného stolu z trojúhelníkových polí. Začíná bílý; každý hráč má 24 kamenů. Kámen se pokládá na prázdné pole, které sdílí celou stranu s již položeným kamenem (i s červeným), a vynechat tah nelze. Pole x,y míří vzhůru, je-li x + y sudé: červený kámen míří vzhůru, takže jeho strany jsou vlevo, vpravo a dole.',
          goal: 'Položte kámen přes spodní stranu červeného kamene.',
          hint: 'Dvě ze zvýrazněných polí leží vedle červeného kamene v jeho řadě.',
        },
        {
          text: 'Roh nestačí. Pole 0,1 nad červeným kamenem se jeho i bílého kamene 1,0 dotýká jen rohy, takže tam zatím nikdo položit nesmí. Pole 1,0 míří dolů: jeho vodorovná strana je nahoře.',
          goal: 'Zpřístupněte pole 0,1.',
          hint: 'Pole se otevře, když na některé jeho straně leží kámen. Které pole řady 1 je teď dosažitelné?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Bodovaný trojúhelník',
      steps: [
        {
          text: 'Tři vaše kameny v rozích většího rovnostranného trojúhelníku dají tolik bodů, kolik měří jeho hrana. Nejmenší, o hraně 2, má oba dolní rohy v jedné řadě dvě pole od sebe a horní roh o řadu výš, uprostřed mezi nimi.',
          goal: 'Dokončete trojúhelník o hraně 2 a získejte 2 body.',
          hint: 'Bílé kameny 4,0 a 6,0 jsou dva dolní rohy.',
        },
        {
          text: 'Položený kámen může být kterýkoli roh: horní, nebo kterýkoli konec dolní strany. Černý obsadil 5,1, bílý ale drží jiný horní roh.',
          goal: 'Získejte znovu 2 body.',
          hint: 'Bílý kámen 7,1 je horní roh nad 6,0 a ještě jedním polem.',
        },
      ],
    },
    {
      id: 'pointing-down',
      title: 'Trojúhelníky špičkou dolů',
      steps: [
        {
          text: 'Trojúhelníky mohou mířit i dolů. Jejich rohy jsou pole mířící dolů (x + y liché): dva konce horní strany v jedné řadě a dolní roh uprostřed pod nimi.',
          goal: 'Dokončete trojúhelník mířící dolů.',
          hint: 'Bílé kameny 1,0 a 3,0 oba míří dolů.',
        },
        {
          text: 'Na tahu je černý. Tady už dolní roh leží: černý kámen 4,-1 je pod 3,0 a ještě jedním polem.',
          goal: 'Získejte za černého 2 body trojúhelníkem mířícím dolů.',
          hint: 'Horní strana vede řadou 0 a je dlouhá dvě pole.',
        },
      ],
    },
    {
      id: 'bigger',
      title: 'Větší trojúhelníky',
      steps: [
        {
          text: 'Trojúhelník o hraně n dává n bodů: jeho dolní rohy leží 2n − 2 polí od sebe, horní roh o n − 1 řad výš. Na tom, co leží uvnitř, nezáleží — tady černé kameny 5,0, 6,0 a 7,0 a jedno prázdné pole.',
          goal: 'Získejte jedním kamenem 3 body.',
          hint: 'Bílé kameny 4,0 a 8,0 jsou čtyři pole od sebe: podívejte se o dvě řady výš.',
        },
        {
          text: 'Na tahu je černý. Trojúhelník o hraně 3 mířící dolů smí obsahovat cokoli, i červený kámen: počítají se jen jeho rohy. Jedno pole tu dává 2 body, jiné víc.',
          goal: 'Získejte za černého jedním kamenem 3 body.',
          hint: 'Černé kameny -1,0 a 3,0 oba míří dolů a jsou čtyři pole od sebe.',
        },
      ],
    },
    {
      id: 'several',
      title: 'Více trojúhelníků najednou',
      steps: [
        {
          text: 'Jeden kámen může dokončit několik trojúhelníků najednou, v různých směrech, a každý z nich boduje.',
          goal: 'Dokončete jedním kamenem dva trojúhelníky.',
          hint: 'Bílé kameny 5,1 a 7,1 jsou horní rohy; pod oběma leží jedno prázdné pole.',
        },
        {
          text: 'Roh mohou sdílet i trojúhelníky různé velikosti. Pole 6,0 tu opět dává 4 body, jiné pole ale víc.',
          goal: 'Získejte jedním kamenem 5 bodů.',
          hint: 'Hledejte pole, které je horním rohem dvou trojúhelníků, jednoho uvnitř druhého.',
        },
      ],
    },
    {
      id: 'red-triangle',
      title: 'Červený trojúhelník',
      steps: [
        {
          text: 'Červený kámen nepatří nikomu, přesto může být rohem. Dokončíte-li trojúhelník, jehož další dva rohy jsou červený kámen a jeden váš kámen, ihned vyhráváte bez ohledu na skóre. Ten trojúhelník sám body nedává.',
          goal: 'Vyhrajte ihned trojúhelníkem s červeným kamenem.',
          hint: 'Červený kámen 0,0 a bílý kámen 2,0 leží v řadě 0 dvě pole od sebe.',
        },
        {
          text: 'Na tahu je černý. Červený kámen může být kterýkoli roh trojúhelníku, i horní.',
          goal: 'Vyhrajte ihned za černého.',
          hint: 'Červený kámen 0,0 může být horním rohem nad černým kamenem -1,-1.',
        },
        {
          text: 'Trojúhelník z červeného kamene, jednoho vašeho a jednoho soupeřova kamene nic neznamená. Oba hráči tu čekají na červený trojúhelník a na tahu je bílý.',
          goal: 'Vyhrajte ihned.',
          hint: 'Pole -1,1 by spojilo červený kámen s černým kamenem -2,0: pro bílého to výhra není.',
        },
      ],
    },
    {
      id: 'defending',
      title: 'Zastavit červený trojúhelník',
      steps: [
        {
          text: 'Hlídejte soupeřovy červené trojúhelníky: může-li jeho příští kámen některý dokončit, obsaďte to pole dřív.',
          goal: 'Nenechte černému žádný trojúhelník s červeným kamenem.',
          hint: 'Černému kameni 2,0 a červenému kameni chybí jeden roh.',
        },
        {
          text: 'Hrozí i větší červené trojúhelníky a body nemají cenu, když je hra prohraná: jedno pole tu bílému dá 2 body, pak ale černý vyhraje.',
          goal: 'Nenechte černému žádný trojúhelník s červeným kamenem.',
          hint: 'Červený kámen může být horním rohem trojúhelníku o hraně 3 nad černým kamenem -2,-2.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Konec hry',
      steps: [
        {
          text: 'Po položení všech 48 kamenů vyhrává vyšší skóre. Bílý položil všech 24 a vede 16 : 13; rozhodne poslední kámen černého.',
          goal: 'Vyhrajte posledním kamenem černého na body.',
          hint: 'Černý potřebuje 4 body: trojúhelníku o hraně 4 chybí pravý dolní roh.',
        },
        {
          text: 'Při rovnosti skóre je remíza. Bílý vede 18 : 12 a žádné pole nedá černému 7 bodů.',
          goal: 'Uhrajte posledním kamenem černého remízu.',
          hint: 'Jen jedno pole dává 6 bodů: dokončí dva trojúhelníky, o hraně 4 a 2.',
        },
        {
          text: 'Červený trojúhelník ukončí hru ihned, i 48. kamenem a bez ohledu na skóre; jiné trojúhelníky dokončené týmž kamenem přesto bodují. Bílý vede 19 : 5.',
          goal: 'Vyhrajte posledním kamenem černého.',
          hint: 'Černý kámen 1,1 je horní roh nad červeným kamenem a jedním prázdným polem.',
        },
      ],
    },
  ],
};
